// The Sent view's query keys and hooks: the list pages on (Load more), one email by id.
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { getSentEmail, listSentEmails } from './api';

export const sentKeys = {
  all: ['sent'] as const,
  list: ['sent', 'list'] as const,
  one: (id: string) => ['sent', 'one', id] as const,
};

export const useSentEmails = () =>
  useInfiniteQuery({
    queryKey: sentKeys.list,
    queryFn: ({ pageParam }) => listSentEmails(pageParam),
    initialPageParam: 0,
    getNextPageParam: (last) => last.next_skip ?? undefined,
  });

export const useSentEmail = (id: string) =>
  useQuery({ queryKey: sentKeys.one(id), queryFn: () => getSentEmail(id) });

// What tests and benchmarks outside this package use to build the real app on a fresh database.

export { replyMessage } from '../modules/assistant/reply-message.js';
export { createCheckpointWriter } from '../modules/chats/checkpoints.js';
export { LIST_CACHE_ENTRIES } from '../modules/chats/list-cache.js';
export { passagesForQuestion } from '../modules/documents/service.js';
export { pdfOf, uploadDocument } from './documents.js';
export { fakeLlm } from './llm.js';
export { openBotSocket } from './meeting-bot.js';
export { inlinePdfRenderer, sampleRoadmap } from './pdf.js';
export { createTestApp, createTestDb, type TestApp, testConfig, testEngine } from './test-app.js';
export { as, type SignedInUser, signIn, signUp } from './users.js';

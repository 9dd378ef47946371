// Where a process's CPU time went, from a .cpuprofile (V8's format, as --cpu-prof and the
// inspector's Profiler write it): self time by package or source file, self time by function, and
// total time (self and everything it called) by function. Shares are of the time not idle, leaving
// out the probe's own work (stopping the profiler hands the whole profile over on the loop).
//   node --import tsx bench/cpuprofile.ts <file.cpuprofile> [rows]
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The package (node_modules/…), Node built-in, or source file a script URL belongs to. */
export function scriptOf(url: string, functionName: string): string {
  if (!url) return functionName || '(anonymous)';
  if (url.startsWith('node:')) return url;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  const own = /\/((?:apps|packages|bench)\/.*)$/.exec(url);
  return own ? own[1]! : url;
}

const IDLE = new Set(['(idle)', '(root)']);

export function summariseProfile(file: string, title: string, rows = 20): void {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const fnKey = (n: ProfileNode) => {
    const { functionName, url, lineNumber } = n.callFrame;
    const script = scriptOf(url, functionName);
    return url ? `${functionName || '(anonymous)'}  ${script}:${lineNumber + 1}` : script;
  };

  // The measuring itself (bench/capacity-probe.ts handing the profile over) is left out.
  const isProbe = (id: number): boolean => {
    for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
      if (byId.get(n)!.callFrame.url.endsWith('bench/capacity-probe.ts')) return true;
    }
    return false;
  };
  const self = new Map<string, number>();
  const selfByScript = new Map<string, number>();
  const total = new Map<string, number>();
  let busy = 0;
  let all = 0;
  const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);
  for (const [i, id] of profile.samples.entries()) {
    const dt = profile.timeDeltas[i] ?? 0;
    const node = byId.get(id)!;
    all += dt;
    if (IDLE.has(node.callFrame.functionName) && !node.callFrame.url) continue;
    if (isProbe(id)) continue;
    busy += dt;
    add(self, fnKey(node), dt);
    add(selfByScript, scriptOf(node.callFrame.url, node.callFrame.functionName), dt);
    const seen = new Set<string>();
    for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
      const k = fnKey(byId.get(n)!);
      if (!seen.has(k)) {
        seen.add(k);
        add(total, k, dt);
      }
    }
  }
  const print = (heading: string, m: Map<string, number>) => {
    console.log(`  ${heading}`);
    for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, rows)) {
      console.log(`  ${((v / busy) * 100).toFixed(1).padStart(6)} %  ${k}`);
    }
  };
  console.log(
    `\nCPU profile, ${title}: ${(busy / 1e6).toFixed(1)} s busy of ${(all / 1e6).toFixed(1)} s sampled (${file})`,
  );
  print('self time by package or file', selfByScript);
  print('self time by function', self);
  total.delete('(root)');
  print('total time by function (self and callees)', total);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  summariseProfile(process.argv[2]!, process.argv[2]!, Number(process.argv[3] ?? 20));
}

import fs from 'node:fs';
import os from 'node:os';
import type { BenchRow } from './bench-table.js';

/**
 * The CPU the whole machine spends over a stretch of a bench, in core-seconds, and the part of it
 * the bench's own process spends (the api and the workers, when they run in it). A ratio against a
 * baseline says how long a job takes; this says how much work it is: a job that needs C
 * core-seconds cannot end sooner than C / cores seconds, however its work is spread over the
 * cores: the least time any scheduling of that work could take here.
 */
export interface CpuSpan {
  /** Core-seconds every process of the machine used (from /proc/stat: all but idle and iowait). */
  machine: number;
  /** Core-seconds this process used (process.cpuUsage: user and system). */
  ownProcess: number;
}

export interface CpuMark {
  machineTicks: number | null;
  ownMicros: number;
}

/** Clock ticks a second of /proc/stat (USER_HZ): 100 on every Linux build Node runs on. */
const ticksPerSecond = 100;

function machineBusyTicks(): number | null {
  try {
    const first = fs.readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!;
    // cpu  user nice system idle iowait irq softirq steal guest guest_nice (guest time is inside user).
    const [user, nice, system, , , irq, softirq, steal] = first.trim().split(/\s+/).slice(1).map(Number);
    return user! + nice! + system! + irq! + softirq! + (steal ?? 0);
  } catch {
    return null;
  }
}

export function cpuMark(): CpuMark {
  const usage = process.cpuUsage();
  return { machineTicks: machineBusyTicks(), ownMicros: usage.user + usage.system };
}

/** The CPU spent from `from` to `to` (or now); null where /proc/stat cannot be read. */
export function cpuSpan(from: CpuMark, to: CpuMark = cpuMark()): CpuSpan | null {
  if (from.machineTicks === null || to.machineTicks === null) return null;
  const machine = (to.machineTicks - from.machineTicks) / ticksPerSecond;
  return { machine, ownProcess: (to.ownMicros - from.ownMicros) / 1e6 };
}

/**
 * "the bench with the api and the workers 11.2 core-s, the rest (Postgres, the machine's other
 * programs) 10.2; on 2 cores at least 10.7 s = 3.10× the baseline's time": `own` names what runs
 * in the bench's process, `rest` what else used the machine.
 */
function describeCpu(span: CpuSpan | null, baselineSeconds: number, names: { own: string; rest: string }): string {
  if (!span) return '/proc/stat not readable';
  const cores = os.availableParallelism();
  const floorSeconds = span.machine / cores;
  return (
    `${names.own} ${span.ownProcess.toFixed(1)} core-s, the rest (${names.rest}) ${(span.machine - span.ownProcess).toFixed(1)}; ` +
    `on ${cores} cores at least ${floorSeconds.toFixed(1)} s = ${(floorSeconds / baselineSeconds).toFixed(2)}× the baseline's time`
  );
}

/** A bench table's row of the machine's CPU over a stretch. */
export function cpuRow(measure: string, span: CpuSpan | null, baselineSeconds: number, names: { own: string; rest: string }): BenchRow {
  return { measure, value: span ? `${span.machine.toFixed(1)} core-s` : '?', detail: describeCpu(span, baselineSeconds, names) };
}

/** What the bench's own process does during a baseline COPY, and what else uses the machine. */
export const copyCpuNames = { own: 'the bench (reading the file)', rest: "Postgres, the machine's other programs" };

import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { BATCH_PHASES, parseCrashPoint } from './crash-point.js';
import { StoreFaults } from '../store/faults.js';

describe('crash points (RAMPART_CRASH_POINT)', () => {
  it('reads batch:<phase>:<n> for every phase, and nothing else', () => {
    for (const phase of BATCH_PHASES) {
      const p = parseCrashPoint(`batch:${phase}:12`);
      expect([p.phase, p.n, p.armed]).toEqual([phase, 12, false]);
    }
    for (const bad of ['batch:before-commit:0', 'batch:before-commit:-1', 'batch:before-commit', 'batch:somewhere:3', 'tx:before-commit:3', 'batch:before-commit:3 ']) {
      expect(() => parseCrashPoint(bad), bad).toThrow(/batch:<phase>:<n>/);
    }
  });

  it('is refused without RAMPART_FAULTS=1, or malformed', () => {
    expect(() => loadConfig({ RAMPART_CRASH_POINT: 'batch:after-sync:3' })).toThrow(/RAMPART_CRASH_POINT needs RAMPART_FAULTS=1/);
    expect(() => loadConfig({ RAMPART_FAULTS: '1', RAMPART_CRASH_POINT: 'batch:after-sync' })).toThrow(/RAMPART_CRASH_POINT must be/);
    expect(loadConfig({ RAMPART_FAULTS: '1', RAMPART_CRASH_POINT: 'batch:after-sync:3' }).crashPoint).toBe('batch:after-sync:3');
    expect(loadConfig({}).crashPoint).toBeUndefined();
  });

  it('counts only its phase, only once armed, and clear() leaves it', () => {
    const faults = new StoreFaults();
    const point = parseCrashPoint('batch:after-commit:2');
    faults.crashPoint = point;
    const kills: unknown[] = [];
    const kill = process.kill;
    process.kill = (pid: number, signal?: string | number) => {
      kills.push([pid, signal]);
      return true;
    };
    try {
      faults.atBatch('after-commit'); // not armed: start-up's batches do not count
      point.armed = true;
      faults.clear();
      faults.atBatch('before-commit');
      faults.atBatch('after-commit');
      expect(kills).toEqual([]);
      faults.atBatch('after-sync');
      faults.atBatch('after-commit');
      expect(kills).toEqual([[process.pid, 'SIGKILL']]);
    } finally {
      process.kill = kill;
    }
  });
});

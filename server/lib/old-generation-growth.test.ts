import { describe, expect, it } from 'vitest';
import { runScriptOutput } from '../../tests/helpers/script-process.ts';

/**
 * A fresh process that keeps some 25 MB alive and collects once, with V8 printing how it set
 * the old generation's next limit, to the process's standard output.
 */
const COLLECTS_ONCE = `
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { growOldGenerationSteadily } from './server/lib/old-generation-growth.ts';
growOldGenerationSteadily();
setFlagsFromString('--expose-gc');
const kept = Array.from({ length: 300_000 }, (_, at) => ({ at, text: 'kept ' + at }));
setFlagsFromString('--trace-gc-verbose');
runInNewContext('gc')();
setFlagsFromString('--no-trace-gc-verbose');
console.log('kept', kept.length);
`;

describe('old generation growth', () => {
  it('lets the old generation grow to twice what a collection left alive', async () => {
    const output = await runScriptOutput(COLLECTS_ONCE);
    expect(output).toContain('kept 300000');
    // "[HeapController] Limit: old size: 26579 KB, new limit: 69257 KB (2.0)"; at its own
    // choice V8 printed 4.0 here, and 1.2-1.3 in the server under distinct searches.
    const limits = [...output.matchAll(/\[HeapController\] Limit: .*\((\d+\.\d)\)/g)];
    expect(limits.length).toBeGreaterThan(0);
    for (const [, factor] of limits) expect(factor).toBe('2.0');
  }, 20_000);
});

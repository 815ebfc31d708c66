// CommonJS consumer of the command line's library entry: `require('partner-commerce/cli')` must load
// the .cjs build on the oldest Node `engines` admits (20.0 has no require() of ES modules, so an ESM-only dependency would break it).
'use strict';
const label = process.argv[2] ?? 'cjs cli';
const loaded = require.resolve('partner-commerce/cli');
if (!loaded.endsWith('.cjs')) throw new Error(`require('partner-commerce/cli') loaded ${loaded}, expected the .cjs build`);
const cli = require('partner-commerce/cli');
const functions = Object.values(cli).filter((v) => typeof v === 'function').length;
if (functions === 0) throw new Error('partner-commerce/cli (CJS) exports no function');
console.log(`ok   ${label.padEnd(22)} require('partner-commerce/cli'): ${functions} functions`);

import * as z from 'zod/mini';
import * as core from 'zod/v4/core';

// zod/mini's objects check their fields one by one through generic code; zod classic's generate a parser
// per shape ($ZodObjectJIT, unless the app sets `z.config({ jitless: true })` or the runtime forbids
// `new Function`). The SDK's objects are zod/mini objects (small bundles) built with classic's parser:
// same results and issues, and the webhook parse went from 3.5x to 2.4x JSON.parse (bench/README.md).

// Typed loosely: zod declares the two as assertion functions, which cannot be called through a variable.
type Init = (inst: object, def: core.$ZodObjectDef) => void;
const jitInit = core.$ZodObjectJIT.init as unknown as Init;
const miniInit = z.ZodMiniObject.init as unknown as Init;
const ZodMiniObjectJIT: core.$constructor<z.ZodMiniObject, core.$ZodObjectDef> = core.$constructor('ZodMiniObjectJIT', (inst, def) => {
  jitInit(inst, def); // first, so that ZodMiniObject's init finds the parser in place and only adds its API
  miniInit(inst, def);
});

let unknown: z.ZodMiniUnknown | undefined;

/** @internal `z.looseObject(shape)` with the generated parser: unknown keys are kept. */
export function looseObject<T extends core.$ZodLooseShape>(shape: T): z.ZodMiniObject<core.util.Writeable<T>, core.$loose> {
  return new ZodMiniObjectJIT({ type: 'object', shape, catchall: (unknown ??= z.unknown()) }) as unknown as z.ZodMiniObject<core.util.Writeable<T>, core.$loose>;
}

// The Standard Schema v1 interface (https://standardschema.dev), written out here as its authors ask:
// a schema library implements it, a consumer copies the types and depends on no library. zod 4,
// valibot and arktype schemas all fit it, so `request({ schema })` ties no partner to our zod version.

/**
 * @internal A schema of any library that implements Standard Schema v1: `~standard.validate` checks a
 * value and gives the output or the issues.
 */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  readonly '~standard': StandardSchemaV1.Props<Input, Output>;
}

/** @internal The parts of the Standard Schema v1 interface. */
export declare namespace StandardSchemaV1 {
  /** What every Standard Schema carries under `~standard`. */
  interface Props<Input = unknown, Output = Input> {
    readonly version: 1;
    readonly vendor: string;
    /** May answer later: a library's async refinements return a promise. */
    readonly validate: (value: unknown) => Result<Output> | Promise<Result<Output>>;
    readonly types?: Types<Input, Output> | undefined;
  }
  type Result<Output> = SuccessResult<Output> | FailureResult;
  interface SuccessResult<Output> {
    readonly value: Output;
    readonly issues?: undefined;
  }
  interface FailureResult {
    readonly issues: ReadonlyArray<Issue>;
  }
  interface Issue {
    readonly message: string;
    readonly path?: ReadonlyArray<PropertyKey | PathSegment> | undefined;
  }
  interface PathSegment {
    readonly key: PropertyKey;
  }
  /** Carried only for type inference; never read at run time. */
  interface Types<Input = unknown, Output = Input> {
    readonly input: Input;
    readonly output: Output;
  }
  /** The output type of a schema. */
  type InferOutput<S extends StandardSchemaV1> = NonNullable<S['~standard']['types']>['output'];
}

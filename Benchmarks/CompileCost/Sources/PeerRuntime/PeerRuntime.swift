// Anchor for building OpenAPIRuntime: the benchmark type-checks the peer's generated code against it.
@_exported import OpenAPIRuntime

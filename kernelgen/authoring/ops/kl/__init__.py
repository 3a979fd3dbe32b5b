"""Built-in operators written with kernelgen.lang: one module per operator, each with one @kl.op function
(its spec_file is the module's path). kernelgen.authoring.ops registers every module here on import."""

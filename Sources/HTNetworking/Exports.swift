// Everything generated code and apps need comes with `import HTNetworking`.
@_exported import HTModel

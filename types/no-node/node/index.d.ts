// Stands in for @types/node in the add-in's type check (tsconfig.addin.json "typeRoots"): some
// dependencies' declarations reference Node's types (`/// <reference types="node" />`), which would
// otherwise bring `process`, `Buffer`, `require` and Node's additions to the built-ins into code
// that runs in Office's web views, where none of them exist.
export {};

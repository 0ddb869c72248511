; Definitions and references of C for the repo map, in the style of tree-sitter-c's queries/tags.scm
; (MIT License, Copyright (c) 2014 Max Brunsfeld), which this extends. A typedef's name is found by following
; its declarator (pointers, arrays, function types), so `typedef void name_t(int)` defines name_t, not void.

(function_definition declarator: (_) @declarator) @definition.function
(declaration declarator: (_) @declarator) @definition.declaration
(type_definition declarator: (_) @declarator) @definition.typedef
(struct_specifier name: (type_identifier) @name body: (_)) @definition.struct
(union_specifier name: (type_identifier) @name body: (_)) @definition.union
(enum_specifier name: (type_identifier) @name body: (_)) @definition.enum
(preproc_def name: (identifier) @name) @definition.macro
(preproc_function_def name: (identifier) @name) @definition.macro

(call_expression function: (identifier) @name) @reference.call
(call_expression function: (field_expression argument: (_) @receiver field: (field_identifier) @name)) @reference.member
(type_identifier) @name @reference.type

(parameter_declaration declarator: (_) @local.declarator)
(compound_statement (declaration declarator: (_) @local.declarator))
(for_statement initializer: (declaration declarator: (_) @local.declarator))
(field_declaration declarator: (_) @local.declarator)


; regions the parser could not read: where they cover much of a file, the lexical extractor may read it better
(ERROR) @error

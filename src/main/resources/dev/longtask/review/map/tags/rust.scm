; Definitions and references of Rust for the repo map, in the style of tree-sitter-rust's queries/tags.scm
; (MIT License, Copyright (c) 2017 Maxim Sokolov), which this extends. Attributes (#[derive(Debug)], ...)
; name traits and macros, not the project's types: their contents are ignored.

(struct_item name: (type_identifier) @name) @definition.struct
(enum_item name: (type_identifier) @name) @definition.enum
(union_item name: (type_identifier) @name) @definition.union
(trait_item name: (type_identifier) @name) @definition.trait
(type_item name: (type_identifier) @name) @definition.type
(function_item name: (identifier) @name) @definition.function
(function_signature_item name: (identifier) @name) @definition.function
(const_item name: (identifier) @name) @definition.constant
(static_item name: (identifier) @name) @definition.constant
(mod_item name: (identifier) @name) @definition.module
(macro_definition name: (identifier) @name) @definition.macro

(call_expression function: (identifier) @name) @reference.call
(call_expression function: (field_expression value: (_) @receiver field: (field_identifier) @name)) @reference.member
(call_expression function: (scoped_identifier path: (_) @receiver name: (identifier) @name)) @reference.scoped
(call_expression function: (generic_function function: (identifier) @name)) @reference.call
(call_expression function: (generic_function function: (field_expression value: (_) @receiver field: (field_identifier) @name))) @reference.member
(call_expression function: (generic_function function: (scoped_identifier path: (_) @receiver name: (identifier) @name))) @reference.scoped
(macro_invocation macro: (identifier) @name) @reference.macro
(macro_invocation macro: (scoped_identifier name: (identifier) @name)) @reference.macro
(type_identifier) @name @reference.type
(scoped_identifier path: (identifier) @name) @reference.path

(attribute_item) @ignore
(inner_attribute_item) @ignore

(parameter pattern: (identifier) @local)
(closure_parameters (identifier) @local)
(let_declaration pattern: (identifier) @local)
(let_declaration pattern: (tuple_pattern (identifier) @local))
(for_expression pattern: (identifier) @local)
(field_declaration name: (field_identifier) @local)


; regions the parser could not read: where they cover much of a file, the lexical extractor may read it better
(ERROR) @error

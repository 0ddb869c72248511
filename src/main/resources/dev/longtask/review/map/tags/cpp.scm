; Definitions and references of C++ for the repo map, in the style of tree-sitter-cpp's queries/tags.scm
; (MIT License, Copyright (c) 2014 Max Brunsfeld), which this extends. Declarators are followed to their
; name (pointers, references, function types, qualified names such as Class::method).

(function_definition declarator: (_) @declarator) @definition.function
(declaration declarator: (_) @declarator) @definition.declaration
(field_declaration declarator: (function_declarator) @declarator) @definition.declaration
(type_definition declarator: (_) @declarator) @definition.typedef
(struct_specifier name: (type_identifier) @name body: (_)) @definition.struct
(union_specifier name: (type_identifier) @name body: (_)) @definition.union
(enum_specifier name: (type_identifier) @name body: (_)) @definition.enum
(class_specifier name: (type_identifier) @name body: (_)) @definition.class
(struct_specifier name: (template_type name: (type_identifier) @name) body: (_)) @definition.struct
(class_specifier name: (template_type name: (type_identifier) @name) body: (_)) @definition.class
(namespace_definition name: (namespace_identifier) @name) @definition.namespace
(alias_declaration name: (type_identifier) @name) @definition.type
(concept_definition name: (identifier) @name) @definition.type
(preproc_def name: (identifier) @name) @definition.macro
(preproc_function_def name: (identifier) @name) @definition.macro

(call_expression function: (identifier) @name) @reference.call
(call_expression function: (field_expression argument: (_) @receiver field: (field_identifier) @name)) @reference.member
(call_expression function: (qualified_identifier scope: (_) @receiver name: (identifier) @name)) @reference.scoped
(call_expression function: (template_function name: (identifier) @name)) @reference.call
(call_expression function: (field_expression argument: (_) @receiver field: (template_method name: (field_identifier) @name))) @reference.member
(new_expression type: (type_identifier) @name) @reference.type
(type_identifier) @name @reference.type
(namespace_identifier) @name @reference.path

(parameter_declaration declarator: (_) @local.declarator)
(optional_parameter_declaration declarator: (_) @local.declarator)
(compound_statement (declaration declarator: (_) @local.declarator))
(for_statement initializer: (declaration declarator: (_) @local.declarator))
(for_range_loop declarator: (_) @local.declarator)
(field_declaration declarator: (field_identifier) @local)
(field_declaration declarator: (_ declarator: (field_identifier) @local))


; regions the parser could not read: where they cover much of a file, the lexical extractor may read it better
(ERROR) @error

; Definitions and references of TSX (TypeScript with JSX) for the repo map, in the style of tree-sitter-typescript's and
; tree-sitter-javascript's queries/tags.scm (MIT License, Copyright (c) 2017 GitHub, Inc. / 2014 Max
; Brunsfeld), which this extends. Overload signatures are definitions of their own.

(function_declaration name: (identifier) @name) @definition.function
(generator_function_declaration name: (identifier) @name) @definition.function
(function_signature name: (identifier) @name) @definition.function
(class_declaration name: (type_identifier) @name) @definition.class
(abstract_class_declaration name: (type_identifier) @name) @definition.class
(interface_declaration name: (type_identifier) @name) @definition.interface
(type_alias_declaration name: (type_identifier) @name) @definition.type
(enum_declaration name: (identifier) @name) @definition.enum
(internal_module name: [(identifier) (nested_identifier)] @name) @definition.namespace
(module name: [(identifier) (nested_identifier)] @name) @definition.namespace
(method_definition name: [(property_identifier) (private_property_identifier)] @name) @definition.method
(abstract_method_signature name: (property_identifier) @name) @definition.method
(interface_body (method_signature name: (property_identifier) @name) @definition.method)
(class_body (method_signature name: (property_identifier) @name) @definition.method)
(public_field_definition name: [(property_identifier) (private_property_identifier)] @name
  value: [(arrow_function) (function_expression)]) @definition.method
(lexical_declaration (variable_declarator name: (identifier) @name value: (_) @value) @definition.variable)
(variable_declaration (variable_declarator name: (identifier) @name value: (_) @value) @definition.variable)
(assignment_expression left: (member_expression object: (_) @parent property: (property_identifier) @name)
  right: (_) @value) @definition.assignment

(call_expression function: (identifier) @name) @reference.call
(call_expression function: (member_expression object: (_) @receiver property: (property_identifier) @name)) @reference.member
(new_expression constructor: (identifier) @name) @reference.type
(new_expression constructor: (member_expression property: (property_identifier) @name)) @reference.type
(class_heritage (extends_clause value: (identifier) @name)) @reference.type
(type_identifier) @name @reference.type
(nested_type_identifier name: (type_identifier) @name) @reference.type
(decorator (identifier) @name) @reference.call
(decorator (call_expression function: (identifier) @name)) @reference.call

(required_parameter pattern: (identifier) @local)
(optional_parameter pattern: (identifier) @local)
(arrow_function parameter: (identifier) @local)
(statement_block (lexical_declaration (variable_declarator name: (identifier) @local)))
(statement_block (variable_declaration (variable_declarator name: (identifier) @local)))
(for_in_statement left: (identifier) @local)
(catch_clause parameter: (identifier) @local)
(object_pattern (shorthand_property_identifier_pattern) @local)
(array_pattern (identifier) @local)
(type_parameter name: (type_identifier) @local)

(import_clause (identifier) @binding)
(namespace_import (identifier) @binding)
(variable_declarator name: (identifier) @binding value: (call_expression function: (identifier) @binding.require))

(jsx_opening_element name: (identifier) @name) @reference.type
(jsx_self_closing_element name: (identifier) @name) @reference.type

; regions the parser could not read: where they cover much of a file, the lexical extractor may read it better
(ERROR) @error

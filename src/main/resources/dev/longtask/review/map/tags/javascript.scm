; Definitions and references of JavaScript for the repo map, in the style of tree-sitter-javascript's
; queries/tags.scm (MIT License, Copyright (c) 2014 Max Brunsfeld), which this extends. Methods defined by
; assignment (`obj.m = function m() {}`, `Klass.prototype.m = ...`, `exports.x = ...`) are definitions.

(function_declaration name: (identifier) @name) @definition.function
(generator_function_declaration name: (identifier) @name) @definition.function
(class_declaration name: (identifier) @name) @definition.class
(method_definition name: [(property_identifier) (private_property_identifier)] @name) @definition.method
(field_definition property: [(property_identifier) (private_property_identifier)] @name
  value: [(arrow_function) (function_expression)]) @definition.method
(lexical_declaration (variable_declarator name: (identifier) @name value: (_) @value) @definition.variable)
(variable_declaration (variable_declarator name: (identifier) @name value: (_) @value) @definition.variable)
(assignment_expression left: (member_expression object: (_) @parent property: (property_identifier) @name)
  right: (_) @value) @definition.assignment

(call_expression function: (identifier) @name) @reference.call
(call_expression function: (member_expression object: (_) @receiver property: (property_identifier) @name)) @reference.member
(new_expression constructor: (identifier) @name) @reference.type
(new_expression constructor: (member_expression property: (property_identifier) @name)) @reference.type
(class_heritage (identifier) @name) @reference.type
(class_heritage (member_expression property: (property_identifier) @name)) @reference.type
(jsx_opening_element name: (identifier) @name) @reference.type
(jsx_self_closing_element name: (identifier) @name) @reference.type

(formal_parameters (identifier) @local)
(formal_parameters (assignment_pattern left: (identifier) @local))
(arrow_function parameter: (identifier) @local)
(statement_block (lexical_declaration (variable_declarator name: (identifier) @local)))
(statement_block (variable_declaration (variable_declarator name: (identifier) @local)))
(for_in_statement left: (identifier) @local)
(catch_clause parameter: (identifier) @local)
(object_pattern (shorthand_property_identifier_pattern) @local)
(array_pattern (identifier) @local)

(import_clause (identifier) @binding)
(namespace_import (identifier) @binding)
(variable_declarator name: (identifier) @binding value: (call_expression function: (identifier) @binding.require))


; regions the parser could not read: where they cover much of a file, the lexical extractor may read it better
(ERROR) @error

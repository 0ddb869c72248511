; Definitions and references of Go for the repo map, in the style of tree-sitter-go's queries/tags.scm
; (MIT License, Copyright (c) 2014 Max Brunsfeld), which this extends.

(function_declaration name: (identifier) @name) @definition.function
(method_declaration receiver: (parameter_list (parameter_declaration type: [
    (type_identifier) @parent
    (pointer_type (type_identifier) @parent)
    (generic_type type: (type_identifier) @parent)
    (pointer_type (generic_type type: (type_identifier) @parent))]))
  name: (field_identifier) @name) @definition.method
(type_spec name: (type_identifier) @name type: (struct_type)) @definition.struct
(type_spec name: (type_identifier) @name type: (interface_type)) @definition.interface
(type_spec name: (type_identifier) @name type: [
  (type_identifier) (qualified_type) (pointer_type) (slice_type) (array_type) (map_type) (channel_type)
  (function_type) (generic_type)]) @definition.type
(type_alias name: (type_identifier) @name) @definition.type
(method_elem name: (field_identifier) @name) @definition.method
(const_spec name: (identifier) @name) @definition.constant
(source_file (var_declaration (var_spec name: (identifier) @name) @definition.variable))
(source_file (var_declaration (var_spec_list (var_spec name: (identifier) @name) @definition.variable)))

(call_expression function: (identifier) @name) @reference.call
(call_expression function: (selector_expression operand: (_) @receiver field: (field_identifier) @name)) @reference.member
(type_identifier) @name @reference.type

(parameter_declaration name: (identifier) @local)
(variadic_parameter_declaration name: (identifier) @local)
(short_var_declaration left: (expression_list (identifier) @local))
(statement_list (var_declaration (var_spec name: (identifier) @local)))
(range_clause left: (expression_list (identifier) @local))
(field_declaration name: (field_identifier) @local)
(type_parameter_declaration name: (identifier) @local)

(import_spec name: (package_identifier) @binding)
(import_spec !name path: (interpreted_string_literal) @binding.path)


; regions the parser could not read: where they cover much of a file, the lexical extractor may read it better
(ERROR) @error

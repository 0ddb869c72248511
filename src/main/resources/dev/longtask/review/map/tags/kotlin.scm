; Definitions and references of Kotlin for the repo map, in the style of the grammars' queries/tags.scm (this
; grammar, fwcd/tree-sitter-kotlin, MIT License, Copyright (c) 2019 fwcd, ships none; written for this project).

(class_declaration (type_identifier) @name) @definition.class
(object_declaration (type_identifier) @name) @definition.object
(function_declaration (simple_identifier) @name) @definition.function
(function_declaration (user_type) @parent . (simple_identifier) @name) @definition.function
(function_declaration (nullable_type (user_type) @parent) . (simple_identifier) @name) @definition.function
(source_file (property_declaration (variable_declaration (simple_identifier) @name)) @definition.property)
(source_file (property_declaration (user_type) @parent . (variable_declaration (simple_identifier) @name)) @definition.property)
(object_declaration (class_body (property_declaration (variable_declaration (simple_identifier) @name)) @definition.property))
(companion_object (class_body (property_declaration (variable_declaration (simple_identifier) @name)) @definition.property))
(type_alias (type_identifier) @name) @definition.type

(call_expression (simple_identifier) @name) @reference.call
(call_expression (navigation_expression (_) @receiver (navigation_suffix (simple_identifier) @name))) @reference.member
(user_type (type_identifier) @name) @reference.type
(annotation (user_type (type_identifier) @name)) @reference.annotation
(annotation (constructor_invocation (user_type (type_identifier) @name))) @reference.annotation
(delegation_specifier (constructor_invocation (user_type (type_identifier) @name))) @reference.type

(parameter (simple_identifier) @local)
(class_parameter (simple_identifier) @local)
(lambda_parameters (variable_declaration (simple_identifier) @local))
(function_body (statements (property_declaration (variable_declaration (simple_identifier) @local))))
(statements (property_declaration (variable_declaration (simple_identifier) @local)))
(for_statement (variable_declaration (simple_identifier) @local))
(class_body (property_declaration (variable_declaration (simple_identifier) @local)))


; regions the parser could not read: where they cover much of a file, the lexical extractor may read it better
(ERROR) @error

; Definitions and references of Java for the repo map, in the style of tree-sitter-java's queries/tags.scm
; (MIT License, Copyright (c) 2017 Ayman Nadeem, GitHub, Inc. and contributors), which this extends.

(class_declaration name: (identifier) @name) @definition.class
(interface_declaration name: (identifier) @name) @definition.interface
(enum_declaration name: (identifier) @name) @definition.enum
(record_declaration name: (identifier) @name) @definition.record
(annotation_type_declaration name: (identifier) @name) @definition.annotation
(method_declaration name: (identifier) @name) @definition.method
(constructor_declaration name: (identifier) @name) @definition.constructor
(compact_constructor_declaration name: (identifier) @name) @definition.constructor
(annotation_type_element_declaration name: (identifier) @name) @definition.method

(method_invocation object: (_) @receiver name: (identifier) @name) @reference.member
(method_invocation !object name: (identifier) @name) @reference.call
(method_reference (_) @receiver . (identifier) @name .) @reference.member
(type_identifier) @name @reference.type
(marker_annotation name: (identifier) @name) @reference.annotation
(annotation name: (identifier) @name) @reference.annotation

(formal_parameter name: (identifier) @local)
(spread_parameter (variable_declarator name: (identifier) @local))
(catch_formal_parameter name: (identifier) @local)
(lambda_expression parameters: (identifier) @local)
(inferred_parameters (identifier) @local)
(local_variable_declaration declarator: (variable_declarator name: (identifier) @local))
(enhanced_for_statement name: (identifier) @local)
(resource name: (identifier) @local)
(field_declaration declarator: (variable_declarator name: (identifier) @local))


; regions the parser could not read: where they cover much of a file, the lexical extractor may read it better
(ERROR) @error

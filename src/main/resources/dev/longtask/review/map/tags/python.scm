; Definitions and references of Python for the repo map, in the style of tree-sitter-python's queries/tags.scm
; (MIT License, Copyright (c) 2016 Max Brunsfeld), which this extends.

(class_definition name: (identifier) @name) @definition.class
(function_definition name: (identifier) @name) @definition.function
(module (expression_statement (assignment left: (identifier) @name) @definition.variable))
(module (expression_statement (assignment left: (pattern_list (identifier) @name)) @definition.variable))
(module (if_statement consequence: (block (expression_statement (assignment left: (identifier) @name) @definition.variable))))
(module (try_statement body: (block (expression_statement (assignment left: (identifier) @name) @definition.variable))))

(call function: (identifier) @name) @reference.call
(call function: (attribute object: (_) @receiver attribute: (identifier) @name)) @reference.member
(decorator (identifier) @name) @reference.call
(decorator (attribute object: (_) @receiver attribute: (identifier) @name)) @reference.member
(decorator (call function: (identifier) @name)) @reference.call
(type (identifier) @name) @reference.type
(class_definition superclasses: (argument_list (identifier) @name)) @reference.type

(parameters (identifier) @local)
(default_parameter name: (identifier) @local)
(typed_parameter (identifier) @local)
(typed_default_parameter name: (identifier) @local)
(lambda_parameters (identifier) @local)
(function_definition body: (block (expression_statement (assignment left: (identifier) @local))))
(for_statement left: (identifier) @local)
(for_in_clause left: (identifier) @local)
(as_pattern alias: (as_pattern_target (identifier) @local))
(keyword_argument name: (identifier) @local)
(class_definition body: (block (expression_statement (assignment left: (identifier) @local))))

(import_statement name: (dotted_name . (identifier) @binding))
(import_statement name: (aliased_import alias: (identifier) @binding))
(import_from_statement name: (dotted_name . (identifier) @binding))
(import_from_statement name: (aliased_import alias: (identifier) @binding))


; regions the parser could not read: where they cover much of a file, the lexical extractor may read it better
(ERROR) @error

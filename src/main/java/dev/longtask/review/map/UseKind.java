package dev.longtask.review.map;

/**
 * How a file uses a name, as far as its syntax tells: as a type, in a free call {@code f()}, in a call on an
 * object {@code x.f()} (or {@code Type::f()}), as a plain value, in an annotation, as a macro. Names that the
 * lexical fallback saw carry no such knowledge: {@link #LEXICAL_CALL} (followed by '(') and
 * {@link #LEXICAL_NAME} (any other use).
 */
enum UseKind {
    TYPE, CALL, MEMBER_CALL, VALUE, ANNOTATION, MACRO, LEXICAL_CALL, LEXICAL_NAME;

    static final int COUNT = values().length;
}

package dev.longtask.server;

import java.util.List;
import org.commonmark.Extension;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.html.HtmlRenderer;

/**
 * Markdown a run wrote (its report, findings, progress) as HTML for the dashboard. A model writes these files, so
 * raw HTML in them is escaped, not passed through, and links may only use safe schemes: the page inserts the result
 * as it is. Tables as GitHub writes them are understood, since reports use them.
 */
final class MarkdownHtml {
    private final Parser parser;
    private final HtmlRenderer renderer;

    MarkdownHtml() {
        List<Extension> extensions = List.of(TablesExtension.create());
        this.parser = Parser.builder().extensions(extensions).build();
        this.renderer = HtmlRenderer.builder().extensions(extensions).escapeHtml(true).sanitizeUrls(true).build();
    }

    String html(String markdown) {
        return renderer.render(parser.parse(markdown));
    }
}

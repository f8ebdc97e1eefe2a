package org.urlsyntax.spark;

import org.apache.spark.sql.api.java.UDF3;

/**
 * Spark's Java UDF {@code urlsyntax_field(url, field, options)}: field
 * number {@code field} of {@code urllib.parse.urlsplit(url)} (or
 * {@code urlparse}), as {@code urlsyntax.arrow.urlsplit}'s struct holds
 * it, under {@code options} ({@code "<split|parse>\t<release>\t<1|0>\t<scheme>"}).
 * {@code urlsyntax.spark} registers it and builds the struct; it is
 * deterministic, so Spark computes only the fields a query reads.
 */
public final class UrlField implements UDF3<String, Integer, String, String> {
    private static final long serialVersionUID = 1L;

    @Override
    public String call(String url, Integer field, String options) {
        if (url == null || field == null || options == null) {
            return null;
        }
        return Native.field(Native.context(options), url, field);
    }
}

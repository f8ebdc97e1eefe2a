package org.urlsyntax.spark;

import org.apache.spark.sql.api.java.UDF1;

/**
 * A Spark Java UDF answering one field of {@code urllib.parse.urlsplit(url)}
 * (or {@code urlparse}), as {@code urlsyntax.arrow.urlsplit}'s struct holds
 * it: field number {@code field}, under {@code options}
 * ({@code "<split|parse>\t<release>\t<1|0>\t<scheme>"}). {@code urlsyntax.spark}
 * registers one instance a field and option set, so a row carries only its
 * URL; it is deterministic, so Spark computes only the fields a query reads.
 */
public final class UrlField implements UDF1<String, String> {
    private static final long serialVersionUID = 2L;

    private final String options;
    private final int field;
    /**
     * The option set's handle in this JVM plus one, opened on first use: 0
     * (what deserializing leaves in a transient field) is "not yet".
     */
    private transient volatile int contextPlusOne;

    public UrlField(String options, int field) {
        this.options = options;
        this.field = field;
    }

    @Override
    public String call(String url) {
        if (url == null) {
            return null;
        }
        int plusOne = contextPlusOne;
        if (plusOne == 0) {
            plusOne = Native.open(options) + 1;
            contextPlusOne = plusOne;
        }
        return Native.field(plusOne - 1, url, field);
    }
}

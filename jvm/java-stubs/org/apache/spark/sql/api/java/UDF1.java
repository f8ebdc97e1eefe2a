package org.apache.spark.sql.api.java;

/**
 * Spark's own interface, declared here only to compile against: the jar
 * holds none of it, and Spark's class (unchanged since Spark 1.3) is the
 * one a running job links to.
 */
public interface UDF1<T1, R> extends java.io.Serializable {
    R call(T1 t1) throws Exception;
}

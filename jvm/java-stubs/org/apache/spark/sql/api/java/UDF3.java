package org.apache.spark.sql.api.java;

/**
 * Spark's own interface, declared here only to compile against: the jar
 * holds none of it, and Spark's class (unchanged since Spark 1.3) is the
 * one a running job links to.
 */
public interface UDF3<T1, T2, T3, R> extends java.io.Serializable {
    R call(T1 t1, T2 t2, T3 t3) throws Exception;
}

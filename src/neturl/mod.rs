//! The Neturl face (being written).

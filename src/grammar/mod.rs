//! The grammar core (being written).

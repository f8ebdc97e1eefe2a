//! Percent-encoding shared by both faces (being written).

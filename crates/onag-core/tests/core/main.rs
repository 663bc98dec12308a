//! The laws of onag-core against independent values: definitions computed directly, published
//! tables, and brute force. One test binary for the crate.

mod field;
mod laws;
mod loopy;
mod search;
mod tables;

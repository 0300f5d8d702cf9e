//! The migrations are embedded by rust-embed, whose `include_bytes!` tracks
//! the files it saw: without this a migration added to a folder would not
//! rebuild the binary.
fn main() {
    println!("cargo:rerun-if-changed=migrations/sqlite");
    println!("cargo:rerun-if-changed=migrations/postgres");
}

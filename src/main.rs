fn main() {
    println!("oanquan: the server is not built yet");
}

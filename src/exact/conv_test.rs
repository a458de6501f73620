use super::*;

#[test]
fn smoke() {
    let m = Mechanism::from_name("sgm", 1.0, None, Some(0.01)).unwrap();
    let (iv, d) = epsilon_interval(&[(m, 10)], 1e-5, &ConvOptions::default()).unwrap();
    eprintln!("{iv:?} {}", d.describe());
}

//! Unit tests of `validate`.

use super::*;

#[test]
fn masks_say_what_each_part_says() {
    let parts = [Part::NotRecognized, Part::Allowed, Part::Required];
    for k in 0..3usize.pow(5) {
        // Five parts in every combination, the rest cycling.
        let settings: [Part; 11] =
            std::array::from_fn(|i| parts[(k / 3usize.pow((i % 5) as u32)) % 3]);
        let (recognized, required) = recognized_and_required(settings);
        assert_eq!(
            recognized,
            bits(settings.map(Part::recognized)),
            "{settings:?}"
        );
        assert_eq!(required, bits(settings.map(Part::required)), "{settings:?}");
    }
}

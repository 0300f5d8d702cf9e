// A binary of the record crate's own: it needs nothing but the record crate.
//! What the fuzz targets of fuzz/ found, kept as tests of the record crate
//! (each input is also in fuzz/corpus/<target>/ as `crash-…`).

use oanquan_record::text;

/// fuzz/corpus/record_text/crash-2af0ac50…: a `[Position]` tag with a
/// trailing space reads (the notation parser trims it), but the text
/// printer took the ply from after that space, found none, and numbered
/// the moves from ply 1: the printed record no longer replayed.
#[test]
fn a_start_position_with_surrounding_spaces_prints_its_own_move_numbers() {
    let record = text::parse(
        "[Rules \"village\"]\n[Result \"1-0\"]\n[Termination \"resignation\"]\n\
         [Position \" M0,0,0,0,0,1,M0,1,1,1,1,1 n 0:0 -2:0 5 \"]\n\n3R 5R 4. 2L 4R 1-0\n",
    )
    .unwrap();
    let replayed = record.replay().unwrap();
    assert_eq!(replayed.start.ply(), 5);
    let printed = text::print(&record);
    assert!(
        printed.ends_with("\n\n3. 3R 5R 4. 2L 4R 1-0\n"),
        "{printed}"
    );
    let back = text::parse(&printed).unwrap();
    assert_eq!(back.replay().unwrap(), replayed, "{printed}");
    assert_eq!(text::print(&back), printed);
}

//! The README documents every problem code with its status.

use oanquan::api::problems::ProblemCode;

#[test]
fn the_readme_lists_every_problem_code() {
    let readme = include_str!("../../../README.md");
    for code in ProblemCode::ALL {
        let row = format!("| `{}` | {} |", code.as_str(), code.status().as_u16());
        assert!(readme.contains(&row), "README.md lacks the row {row}");
    }
}

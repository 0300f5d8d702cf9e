//! The API guide (docs/API.md) documents every problem code with its status.

use oanquan::api::problems::ProblemCode;

#[test]
fn the_api_guide_lists_every_problem_code() {
    let guide = include_str!("../../../docs/API.md");
    for code in ProblemCode::ALL {
        let row = format!("| `{}` | {} |", code.as_str(), code.status().as_u16());
        assert!(guide.contains(&row), "docs/API.md lacks the row {row}");
    }
}

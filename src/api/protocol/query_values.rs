//! The values of query parameters that several lists and searches take,
//! read from their text once: a refusal names the parameter, the value
//! and what was expected (400 `invalid_query`).

use chrono::{DateTime, Utc};

use crate::api::problems::ApiError;

/// The refusal of `value` given for `parameter`, which is not `expected`.
pub fn invalid(parameter: &str, value: &str, expected: &str) -> ApiError {
    ApiError::InvalidQuery(format!("{parameter}: {value:?} is not {expected}"))
}

/// `true` or `false`, if given.
pub fn flag(parameter: &str, raw: Option<&str>) -> Result<Option<bool>, ApiError> {
    match raw {
        None => Ok(None),
        Some("true") => Ok(Some(true)),
        Some("false") => Ok(Some(false)),
        Some(raw) => Err(invalid(parameter, raw, "true or false")),
    }
}

/// An RFC 3339 date and time, if given.
pub fn instant(parameter: &str, raw: Option<&str>) -> Result<Option<DateTime<Utc>>, ApiError> {
    raw.map(|raw| {
        DateTime::parse_from_rfc3339(raw)
            .map(|at| at.with_timezone(&Utc))
            .map_err(|_| invalid(parameter, raw, "an RFC 3339 date and time"))
    })
    .transpose()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn detail(error: ApiError) -> String {
        match error {
            ApiError::InvalidQuery(detail) => detail,
            other => panic!("not invalid_query: {other:?}"),
        }
    }

    #[test]
    fn flags_are_true_or_false_and_nothing_else() {
        assert_eq!(flag("rated", None).unwrap(), None);
        assert_eq!(flag("rated", Some("true")).unwrap(), Some(true));
        assert_eq!(flag("rated", Some("false")).unwrap(), Some(false));
        assert_eq!(
            detail(flag("rated", Some("yes")).unwrap_err()),
            "rated: \"yes\" is not true or false"
        );
    }

    #[test]
    fn instants_are_rfc_3339_in_any_offset() {
        assert_eq!(instant("since", None).unwrap(), None);
        let at = instant("since", Some("2026-12-07T10:00:00+07:00"))
            .unwrap()
            .unwrap();
        assert_eq!(at.to_rfc3339(), "2026-12-07T03:00:00+00:00");
        assert_eq!(
            detail(instant("until", Some("yesterday")).unwrap_err()),
            "until: \"yesterday\" is not an RFC 3339 date and time"
        );
    }
}

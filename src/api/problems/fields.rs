//! Field-level errors: a request body with several invalid fields is
//! refused once, with every one of them in the problem's `errors`, each
//! located by a JSON Pointer (RFC 6901) into the body.

use serde::Serialize;
use utoipa::ToSchema;

use super::ApiError;
use crate::domain::{echoed, MAX_DETAIL_CHARS};

/// One invalid field of a request body.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[schema(example = json!({
    "pointer": "/clock/initial_s",
    "code": "invalid_clock",
    "detail": "clock.initial_s is 0; it is 1 to 86400 seconds"
}))]
pub struct FieldError {
    /// A JSON Pointer (RFC 6901) to the field in the request body:
    /// `/label`, `/scopes/1`, `/clock`.
    pub pointer: String,
    /// The problem code of this field's error (`GET /problems/{code}`).
    #[schema(value_type = crate::api::views::names::ProblemCodeName)]
    pub code: String,
    /// What is wrong with the field.
    pub detail: String,
}

/// The invalid fields of one request, in the order they were checked:
/// never empty.
#[derive(Debug)]
pub struct InvalidFields(Vec<(String, ApiError)>);

impl InvalidFields {
    /// The first invalid field's error: the problem's code, status and
    /// detail.
    pub fn first(&self) -> &ApiError {
        &self.0[0].1
    }

    /// Every field's error, for the problem's `errors`.
    pub fn errors(&self) -> Vec<FieldError> {
        self.0
            .iter()
            .map(|(pointer, error)| FieldError {
                pointer: pointer.clone(),
                code: error.code().as_str().to_owned(),
                detail: echoed(&error.to_string(), MAX_DETAIL_CHARS).into_owned(),
            })
            .collect()
    }
}

/// Collects the errors of a body's fields as they are checked, so that
/// the answer names all of them rather than the first.
#[derive(Debug, Default)]
pub struct Fields(Vec<(String, ApiError)>);

impl Fields {
    pub fn new() -> Self {
        Self::default()
    }

    /// `result`'s value; its error, if any, is recorded for the field at
    /// `pointer` (an error that lists fields itself is merged, its
    /// pointers kept as they are).
    pub fn check<T, E: Into<ApiError>>(
        &mut self,
        pointer: &str,
        result: Result<T, E>,
    ) -> Option<T> {
        match result {
            Ok(value) => Some(value),
            Err(error) => {
                self.add(pointer, error.into());
                None
            }
        }
    }

    /// Records `error` for the field at `pointer`.
    pub fn add(&mut self, pointer: &str, error: ApiError) {
        match error {
            ApiError::Fields(InvalidFields(inner)) => self.0.extend(inner),
            error => self.0.push((pointer.to_owned(), error)),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// `value` when no field was invalid, else the error listing them (a
    /// value missing with no field invalid is an internal error).
    pub fn into_result<T>(self, value: Option<T>) -> Result<T, ApiError> {
        self.finish(|| value)?.ok_or_else(|| {
            ApiError::Internal(anyhow::anyhow!(
                "a checked value is missing, yet no field was invalid"
            ))
        })
    }

    /// `value()` when no field was invalid, else the error listing them.
    pub fn finish<T>(self, value: impl FnOnce() -> T) -> Result<T, ApiError> {
        if self.0.is_empty() {
            Ok(value())
        } else {
            Err(ApiError::Fields(InvalidFields(self.0)))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_field_gives_the_problem_and_all_are_listed() {
        let mut fields = Fields::new();
        assert_eq!(fields.check::<u8, ApiError>("/a", Ok(1)), Some(1));
        let bad: Result<u8, ApiError> = Err(ApiError::InvalidScope("x".to_owned()));
        assert_eq!(fields.check("/scopes/0", bad), None);
        fields.add("/label", ApiError::InvalidGame("y".to_owned()));
        let error = fields.finish(|| ()).unwrap_err();
        let problem = error.problem();
        assert_eq!(problem.code, "invalid_scope");
        assert_eq!(problem.detail, "x");
        assert_eq!(problem.status, 422);
        assert_eq!(
            problem.errors,
            Some(vec![
                FieldError {
                    pointer: "/scopes/0".to_owned(),
                    code: "invalid_scope".to_owned(),
                    detail: "x".to_owned(),
                },
                FieldError {
                    pointer: "/label".to_owned(),
                    code: "invalid_game".to_owned(),
                    detail: "y".to_owned(),
                },
            ])
        );
    }

    #[test]
    fn nested_lists_merge_and_no_error_is_no_list() {
        let mut inner = Fields::new();
        inner.add("/clock", ApiError::InvalidSearch("c".to_owned()));
        let mut outer = Fields::new();
        outer.add("/ignored", inner.finish(|| ()).unwrap_err());
        let problem = outer.finish(|| ()).unwrap_err().problem();
        let pointers: Vec<_> = problem
            .errors
            .unwrap()
            .into_iter()
            .map(|e| e.pointer)
            .collect();
        assert_eq!(pointers, ["/clock"]);
        assert!(Fields::new().finish(|| 7).is_ok_and(|v| v == 7));
        assert!(ApiError::InvalidScope("x".to_owned())
            .problem()
            .errors
            .is_none());
    }
}

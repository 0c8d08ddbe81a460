//! Shared helpers of the property suite.

pub mod debug;
pub mod point;
pub mod shape;

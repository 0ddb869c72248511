use crate::point::Point;

#[derive(Debug, Clone)]
pub struct Shape {
    pub points: Vec<Point>,
}

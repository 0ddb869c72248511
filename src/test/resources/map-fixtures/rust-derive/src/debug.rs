/// A debugging console of the project, which happens to share its name with the std trait.
pub struct Debug {
    pub level: u8,
}

impl Debug {
    pub fn new(level: u8) -> Self {
        Debug { level }
    }
}

package acme;

public record Box<T>(T value) {
}

package dev.longtask.server;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.logging.Level;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Debian's chromium, headless, driven through Debian's chromium-driver. Where the browser should be (as root, where
 * {@code .ci/run} installs it) a missing one fails the test; elsewhere the test is skipped with the reason.
 * Screenshots go to {@code target/dashboard/}, and also to the folder named by {@code -Ddashboard.docs=DIR}.
 */
final class Browser implements AutoCloseable {
    static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    static final Path DRIVER = Path.of("/usr/bin/chromedriver");
    static final Path SHOTS = Path.of("target", "dashboard");
    private static final Duration WAIT = Duration.ofSeconds(30);

    final ChromeDriver driver;
    private final Path profile;
    private final List<Pattern> expectedErrors = new ArrayList<>();

    private Browser(ChromeDriver driver, Path profile) {
        this.driver = driver;
        this.profile = profile;
    }

    /** A browser whose time zone is {@code timeZone} (the page must show times in it). */
    static Browser start(String timeZone) {
        requireInstalled();
        try {
            Path profile = Files.createTempDirectory("longtask-chromium");
            ChromeOptions options = new ChromeOptions();
            options.setBinary(CHROMIUM.toFile());
            options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                    "--disable-background-networking", "--disable-component-update", "--disable-sync",
                    "--disable-dev-shm-usage", "--hide-scrollbars", "--window-size=1280,1000", "--lang=en-US",
                    "--user-data-dir=" + profile);
            options.setCapability("goog:loggingPrefs", Map.of(LogType.BROWSER, "ALL"));
            ChromeDriverService service = new ChromeDriverService.Builder()
                    .usingDriverExecutable(DRIVER.toFile()).usingAnyFreePort()
                    .withEnvironment(Map.of("TZ", timeZone, "LANG", "en_US.UTF-8"))
                    .withLogOutput(java.io.OutputStream.nullOutputStream()).build();
            return new Browser(new ChromeDriver(service, options), profile);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void requireInstalled() {
        if (Files.isExecutable(CHROMIUM) && Files.isExecutable(DRIVER)) {
            return;
        }
        String missing = "chromium and chromium-driver are not installed (" + CHROMIUM + ", " + DRIVER + ")";
        if ("root".equals(System.getProperty("user.name"))) {
            Assertions.fail(missing + ": .ci/run installs them; run 'apt-get install -y chromium chromium-driver'");
        }
        Assumptions.abort(missing + " and this user cannot install them: the browser tests are skipped");
    }

    void open(String url) {
        driver.get(url);
    }

    void size(int width, int height) {
        driver.manage().window().setSize(new org.openqa.selenium.Dimension(width, height));
    }

    <T> T until(String what, Function<WebDriver, T> condition) {
        return new WebDriverWait(driver, WAIT).withMessage(what).ignoring(
                org.openqa.selenium.StaleElementReferenceException.class).until(condition);
    }

    /** Waits for the first element of {@code css} whose text {@code matches}, and returns it. */
    WebElement text(String css, String regex) {
        Pattern pattern = Pattern.compile(regex, Pattern.DOTALL);
        return until(css + " with text matching " + regex, d -> d.findElements(By.cssSelector(css)).stream()
                .filter(e -> pattern.matcher(e.getText()).find()).findFirst().orElse(null));
    }

    WebElement find(String css) {
        return until(css, d -> d.findElements(By.cssSelector(css)).stream().findFirst().orElse(null));
    }

    /** The text of the first element of {@code css}, read again if the page replaced it meanwhile. */
    String read(String css) {
        return until(css, d -> d.findElements(By.cssSelector(css)).stream().findFirst().map(WebElement::getText)
                .orElse(null));
    }

    List<WebElement> all(String css) {
        return driver.findElements(By.cssSelector(css));
    }

    Object script(String js, Object... args) {
        return ((JavascriptExecutor) driver).executeScript(js, args);
    }

    /** Leaves a mark in the page's window: it is gone if the page was loaded again. */
    void mark() {
        script("window.__notReloaded = true");
    }

    boolean stillMarked() {
        return Boolean.TRUE.equals(script("return window.__notReloaded === true"));
    }

    /** A console error the test provokes on purpose (an API refusal, the server going away). */
    void expectConsoleError(String regex) {
        expectedErrors.add(Pattern.compile(regex));
    }

    /** The console's errors since the last call, but those the test expected. */
    List<String> consoleErrors() {
        List<String> errors = new ArrayList<>();
        for (LogEntry entry : driver.manage().logs().get(LogType.BROWSER)) {
            if (entry.getLevel().intValue() >= Level.SEVERE.intValue()
                    && expectedErrors.stream().noneMatch(p -> p.matcher(entry.getMessage()).find())) {
                errors.add(entry.getMessage());
            }
        }
        expectedErrors.clear();
        return errors;
    }

    /** Saves what the window shows as {@code target/dashboard/NAME.png}, and in the docs folder when asked. */
    Path screenshot(String name) {
        Path shot = keep(name);
        String docs = System.getProperty("dashboard.docs");
        if (docs != null && !docs.isBlank()) {
            try {
                Files.createDirectories(Path.of(docs));
                Files.copy(shot, Path.of(docs).resolve(name + ".png"), StandardCopyOption.REPLACE_EXISTING);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return shot;
    }

    /**
     * The screenshot that ends a test: {@code NAME-FAILED.png} when it failed, else {@code NAME.png}, and then an
     * older failure's picture goes, so {@code target/dashboard/} tells how the last run of each test ended.
     */
    void keep(String test, boolean failed) {
        keep(test + (failed ? "-FAILED" : ""));
        if (!failed) {
            try {
                Files.deleteIfExists(SHOTS.resolve(test + "-FAILED.png"));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** Saves what the window shows as {@code target/dashboard/NAME.png} only: evidence of a test, not a picture. */
    Path keep(String name) {
        try {
            Files.createDirectories(SHOTS);
            File shot = ((TakesScreenshot) driver).getScreenshotAs(OutputType.FILE);
            Path target = SHOTS.resolve(name + ".png");
            Files.copy(shot.toPath(), target, StandardCopyOption.REPLACE_EXISTING);
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The same for the whole page: the window grows to the page's height (up to 2400 px) for the picture. */
    Path screenshotPage(String name) {
        org.openqa.selenium.Dimension size = driver.manage().window().getSize();
        long height = ((Number) script("return document.documentElement.scrollHeight")).longValue();
        long chrome = ((Number) script("return window.outerHeight - window.innerHeight")).longValue();
        size(size.getWidth(), (int) Math.min(2400, height + chrome));
        try {
            return screenshot(name);
        } finally {
            size(size.getWidth(), size.getHeight());
        }
    }

    /** Whether the page is wider than the window (a horizontal scroll bar on the page itself). */
    boolean overflowsHorizontally() {
        return Boolean.TRUE.equals(script("return document.documentElement.scrollWidth > window.innerWidth + 1"));
    }

    @Override
    public void close() {
        driver.quit();
        try (var files = Files.walk(profile)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temporary profile left behind is harmless
        }
    }
}

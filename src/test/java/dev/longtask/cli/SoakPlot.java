package dev.longtask.cli;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.imageio.ImageIO;

/**
 * Draws a soak's samples ({@code soak.csv}, see {@link Soak}) as a PNG of four panels over time: runs finished, the
 * server's RSS, its threads and its open descriptors, with the server's restarts marked (each starts a new process,
 * so its figures start again). Headless java.awt, nothing to install.
 *
 * <pre>src/test/scripts/soak-plot SOAK_CSV [OUT_PNG]</pre>
 */
final class SoakPlot {
    private static final int WIDTH = 1200;
    private static final int PANEL = 220;
    private static final int MARGIN = 70;

    private SoakPlot() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 1) {
            System.err.println("usage: soak-plot SOAK_CSV [OUT_PNG]");
            System.exit(2);
        }
        Path csv = Path.of(args[0]);
        Path png = args.length > 1 ? Path.of(args[1]) : csv.resolveSibling(csv.getFileName().toString()
                .replaceAll("\\.csv$", "") + ".png");
        draw(Files.readAllLines(csv), png);
        System.out.println("wrote " + png);
    }

    static void draw(List<String> lines, Path png) throws IOException {
        List<String> header = List.of(lines.get(0).split(","));
        List<double[]> rows = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] cells = line.split(",");
            if (cells.length == header.size()) {
                double[] row = new double[cells.length];
                for (int i = 0; i < cells.length; i++) {
                    row[i] = Double.parseDouble(cells[i]);
                }
                rows.add(row);
            }
        }
        if (rows.isEmpty()) {
            throw new IOException("no samples in the file");
        }
        String[][] panels = {{"runs_finished", "runs finished"}, {"serve_rss_kb", "server RSS (MB)"},
                {"serve_threads", "server threads"}, {"serve_fds", "server open descriptors"}};
        int height = MARGIN + panels.length * (PANEL + MARGIN);
        BufferedImage image = new BufferedImage(WIDTH, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, WIDTH, height);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
        int time = header.indexOf("elapsed_s");
        int kills = header.indexOf("serve_kills");
        double end = rows.get(rows.size() - 1)[time];
        g.setColor(Color.BLACK);
        g.drawString(String.format(Locale.ROOT, "longtask soak: %d samples over %.1f h; grey lines: the server "
                + "killed (SIGKILL) and started again", rows.size(), end / 3600), MARGIN, 30);
        for (int p = 0; p < panels.length; p++) {
            int column = header.indexOf(panels[p][0]);
            double scale = panels[p][0].endsWith("_kb") ? 1024 : 1;
            double max = 1;
            for (double[] row : rows) {
                max = Math.max(max, row[column] / scale);
            }
            max = niceCeiling(max * 1.1);
            int top = MARGIN + p * (PANEL + MARGIN);
            int left = MARGIN;
            int right = WIDTH - 30;
            g.setColor(Color.BLACK);
            g.drawString(panels[p][1], left, top - 8);
            g.drawRect(left, top, right - left, PANEL);
            for (int tick = 0; tick <= 4; tick++) {
                int y = top + PANEL - tick * PANEL / 4;
                g.setColor(new Color(230, 230, 230));
                g.drawLine(left + 1, y, right - 1, y);
                g.setColor(Color.BLACK);
                g.drawString(String.format(Locale.ROOT, "%.0f", max * tick / 4), 8, y + 5);
            }
            for (int tick = 0; tick <= 6; tick++) {
                int x = left + (int) ((right - left) * tick / 6.0);
                g.drawString(String.format(Locale.ROOT, "%.0f min", end * tick / 6 / 60), x - 18, top + PANEL + 16);
            }
            g.setColor(Color.LIGHT_GRAY);
            for (int i = 1; i < rows.size(); i++) {
                if (rows.get(i)[kills] > rows.get(i - 1)[kills]) {
                    int x = left + (int) ((right - left) * rows.get(i)[time] / Math.max(end, 1));
                    g.drawLine(x, top + 1, x, top + PANEL - 1);
                }
            }
            g.setColor(new Color(31, 119, 180));
            g.setStroke(new BasicStroke(1.5f));
            for (int i = 1; i < rows.size(); i++) {
                double[] a = rows.get(i - 1);
                double[] b = rows.get(i);
                g.drawLine(left + (int) ((right - left) * a[time] / Math.max(end, 1)),
                        top + PANEL - (int) (PANEL * a[column] / scale / max),
                        left + (int) ((right - left) * b[time] / Math.max(end, 1)),
                        top + PANEL - (int) (PANEL * b[column] / scale / max));
            }
            g.setStroke(new BasicStroke(1f));
        }
        g.dispose();
        ImageIO.write(image, "png", png.toFile());
    }

    private static double niceCeiling(double value) {
        double magnitude = Math.pow(10, Math.floor(Math.log10(value)));
        for (double step : new double[] {1, 2, 2.5, 5, 10}) {
            if (step * magnitude >= value) {
                return step * magnitude;
            }
        }
        return 10 * magnitude;
    }
}

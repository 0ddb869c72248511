package dev.longtask.config;

import dev.longtask.model.PermissionRule;
import dev.longtask.model.config.ModelPrice;
import dev.longtask.model.config.Resolved;
import dev.longtask.model.config.SettingKey;
import dev.longtask.model.config.Source;
import java.util.List;
import java.util.Map;

/**
 * The settings one place gives: the flags, the environment or a config file. Single values carry their own
 * source (each flag or variable is named); the per-model tables come only from files, whose source is
 * {@code source}, and so do the permission rules.
 */
record Layer(Source source,
             Map<SettingKey, Resolved<Object>> values,
             Map<String, ModelPrice> prices,
             Map<String, Integer> contextWindows,
             Map<String, Boolean> textProtocol,
             List<PermissionRule> rules) {

    static Layer ofValues(Source source, Map<SettingKey, Resolved<Object>> values) {
        return new Layer(source, values, Map.of(), Map.of(), Map.of(), List.of());
    }
}

// The Scopa Android app: `app` (Jetpack Compose UI) on top of `controller` (plain
// Kotlin/JVM game controller + the uniffi Kotlin bindings generated at build time from
// ../scopa-ffi). See docs/apps.md for prerequisites and commands.
pluginManagement {
    repositories {
        google()
        mavenCentral()
        gradlePluginPortal()
    }
}

dependencyResolutionManagement {
    repositoriesMode.set(RepositoriesMode.FAIL_ON_PROJECT_REPOS)
    repositories {
        google()
        mavenCentral()
    }
}

rootProject.name = "scopa-android"
include(":app", ":controller")

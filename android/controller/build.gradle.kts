// Plain Kotlin/JVM module: the game controller (no Android imports) and the uniffi Kotlin
// bindings of scopa-ffi, generated at build time into build/generated (never committed).
// Its unit tests run on the JVM against the host build of libscopa_ffi.
plugins {
    alias(libs.plugins.kotlin.jvm)
}

val repoRoot: File = rootProject.projectDir.parentFile
val cargo: String = providers.gradleProperty("scopa.cargo").orNull
    ?: File(System.getProperty("user.home"), ".cargo/bin/cargo").takeIf { it.canExecute() }?.path
    ?: "cargo"
val cargoTarget: File = rootProject.layout.buildDirectory.dir("cargo-host").get().asFile
val hostLibDir: File = cargoTarget.resolve("release")
val osName: String = System.getProperty("os.name").lowercase()
val hostLib: File = hostLibDir.resolve(
    when {
        "mac" in osName -> "libscopa_ffi.dylib"
        "windows" in osName -> "scopa_ffi.dll"
        else -> "libscopa_ffi.so"
    },
)
val bindingsDir = layout.buildDirectory.dir("generated/uniffi/kotlin")

val cargoBuildHost by tasks.registering(Exec::class) {
    group = "rust"
    description = "Builds libscopa_ffi for this computer (bindings source and JVM tests)."
    workingDir = repoRoot
    environment("CARGO_TARGET_DIR", cargoTarget.absolutePath)
    commandLine(cargo, "build", "--release", "-p", "scopa-ffi", "--lib")
    inputs.dir(repoRoot.resolve("scopa-ffi/src"))
    inputs.dir(repoRoot.resolve("scopa-core/src"))
    inputs.files(repoRoot.resolve("Cargo.lock"), repoRoot.resolve("scopa-ffi/Cargo.toml"))
    outputs.file(hostLib)
}

val generateKotlinBindings by tasks.registering(Exec::class) {
    group = "rust"
    description = "Generates the Kotlin bindings (package org.scopa.engine) from libscopa_ffi."
    dependsOn(cargoBuildHost)
    val out = bindingsDir.get().asFile
    workingDir = repoRoot
    environment("CARGO_TARGET_DIR", cargoTarget.absolutePath)
    commandLine(
        cargo, "run", "-q", "-p", "uniffi-bindgen", "--",
        "generate", "--library", hostLib.absolutePath,
        "--language", "kotlin", "--out-dir", out.absolutePath, "--no-format",
    )
    inputs.file(hostLib)
    inputs.file(repoRoot.resolve("scopa-ffi/uniffi.toml"))
    outputs.dir(out)
    doFirst { out.deleteRecursively() }
}

java {
    sourceCompatibility = JavaVersion.VERSION_17
    targetCompatibility = JavaVersion.VERSION_17
}

kotlin {
    compilerOptions { jvmTarget.set(org.jetbrains.kotlin.gradle.dsl.JvmTarget.JVM_17) }
    sourceSets.named("main") { kotlin.srcDir(generateKotlinBindings) }
}

tasks.named("compileKotlin") { dependsOn(generateKotlinBindings) }

dependencies {
    // JNA: the jar here (JVM tests); the app adds the Android AAR with the native dispatch
    // libraries for each ABI.
    compileOnly(libs.jna)
    testImplementation(libs.jna)
    testImplementation(libs.junit)
}

tasks.test {
    dependsOn(cargoBuildHost)
    useJUnit()
    systemProperty("jna.library.path", hostLibDir.absolutePath)
    testLogging { events("passed", "failed"); showStandardStreams = false }
}

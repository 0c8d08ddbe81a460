// The Android app: a thin Jetpack Compose UI over :controller. libscopa_ffi.so for the four
// Android ABIs is built by cargo-ndk (task cargoNdkBuild, run before every build) into
// build/rustJniLibs, which is a jniLibs source directory; nothing generated is committed.
plugins {
    alias(libs.plugins.android.application)
    alias(libs.plugins.kotlin.android)
    alias(libs.plugins.kotlin.compose)
}

val repoRoot: File = rootProject.projectDir.parentFile
val cargo: String = providers.gradleProperty("scopa.cargo").orNull
    ?: File(System.getProperty("user.home"), ".cargo/bin/cargo").takeIf { it.canExecute() }?.path
    ?: "cargo"
val minSdkVersion = 24
val rustAbis = listOf("arm64-v8a", "armeabi-v7a", "x86", "x86_64")
val rustJniLibs: File = layout.buildDirectory.dir("rustJniLibs").get().asFile

android {
    namespace = "org.scopa.app"
    compileSdk = 35
    // cargo-ndk uses the same NDK as Gradle (ANDROID_NDK_HOME is set from it below).
    ndkVersion = "27.2.12479018"

    defaultConfig {
        applicationId = "org.scopa.app"
        minSdk = minSdkVersion
        targetSdk = 35
        versionCode = 1
        versionName = "0.1.0"
        ndk { abiFilters += rustAbis }
    }

    buildTypes {
        release {
            isMinifyEnabled = true
            proguardFiles(getDefaultProguardFile("proguard-android-optimize.txt"), "proguard-rules.pro")
            // Installable without a keystore for trying it out; use your own signingConfig
            // to publish.
            signingConfig = signingConfigs.getByName("debug")
        }
    }

    compileOptions {
        sourceCompatibility = JavaVersion.VERSION_17
        targetCompatibility = JavaVersion.VERSION_17
    }
    buildFeatures { compose = true }

    sourceSets.getByName("main") { jniLibs.srcDir(rustJniLibs) }
}

val cargoNdkBuild by tasks.registering(Exec::class) {
    group = "rust"
    description = "Builds libscopa_ffi.so for ${rustAbis.joinToString()} with cargo-ndk."
    workingDir = repoRoot
    val ndkDir = androidComponents.sdkComponents.ndkDirectory
    doFirst { environment("ANDROID_NDK_HOME", ndkDir.get().asFile.absolutePath) }
    environment("CARGO_TARGET_DIR", rootProject.layout.buildDirectory.dir("cargo-android").get().asFile.absolutePath)
    commandLine(
        buildList {
            add(cargo)
            add("ndk")
            rustAbis.forEach { add("-t"); add(it) }
            add("--platform"); add(minSdkVersion.toString())
            add("-o"); add(rustJniLibs.absolutePath)
            addAll(listOf("build", "--release", "-p", "scopa-ffi", "--lib"))
        },
    )
    inputs.dir(repoRoot.resolve("scopa-ffi/src"))
    inputs.dir(repoRoot.resolve("scopa-core/src"))
    inputs.files(repoRoot.resolve("Cargo.lock"), repoRoot.resolve("scopa-ffi/Cargo.toml"))
    outputs.dir(rustJniLibs)
}

tasks.named("preBuild") { dependsOn(cargoNdkBuild) }

kotlin {
    compilerOptions { jvmTarget.set(org.jetbrains.kotlin.gradle.dsl.JvmTarget.JVM_17) }
}

dependencies {
    implementation(project(":controller"))
    // JNA for Android: the AAR carries libjnidispatch.so for every ABI.
    implementation("net.java.dev.jna:jna:${libs.versions.jna.get()}@aar")

    implementation(libs.androidx.core.ktx)
    implementation(libs.androidx.activity.compose)
    implementation(libs.androidx.lifecycle.viewmodel.compose)
    implementation(libs.androidx.lifecycle.runtime.compose)
    implementation(platform(libs.androidx.compose.bom))
    implementation(libs.androidx.compose.ui)
    implementation(libs.androidx.compose.ui.tooling.preview)
    implementation(libs.androidx.compose.material3)
    debugImplementation(libs.androidx.compose.ui.tooling)
}

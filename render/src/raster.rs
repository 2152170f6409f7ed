//! Pictures as pixels (the `png` feature): an SVG document rasterised with
//! resvg, as PNG ([`to_png`]) or as raw RGBA pixels ([`to_rgba`]). Text is
//! drawn in the first of the usual sans-serif fonts the system has (looked
//! up once per process); without any, the picture has no text.

use resvg::{tiny_skia, usvg};
use std::sync::{Arc, OnceLock};

/// The most pixels a PNG picture may have (four bytes each while it is
/// drawn: 400 MB): a larger board is refused, not drawn into memory the
/// machine may not have. The same limit holds for [`to_rgba`].
pub const MAX_PNG_PIXELS: u64 = 100_000_000;

/// A picture that could not be turned into PNG (or pixels).
#[derive(Debug, thiserror::Error)]
#[error("cannot make a PNG: {0}")]
pub struct PngError(String);

/// A rasterised picture: `width` × `height` pixels, row by row from the top,
/// four bytes each (red, green, blue, alpha; the colours not premultiplied by
/// alpha, as in a PNG).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rgba {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// `width * height * 4` bytes.
    pub data: Vec<u8>,
}

/// The SVG picture `svg` as PNG.
pub fn to_png(svg: &str) -> Result<Vec<u8>, PngError> {
    rasterise(svg)?
        .encode_png()
        .map_err(|e| PngError(e.to_string()))
}

/// The SVG picture `svg` as RGBA pixels, drawn as [`to_png`] draws it.
pub fn to_rgba(svg: &str) -> Result<Rgba, PngError> {
    let pixmap = rasterise(svg)?;
    Ok(Rgba {
        width: pixmap.width(),
        height: pixmap.height(),
        data: pixmap.take_demultiplied(),
    })
}

/// `svg` drawn at its own size (at most [`MAX_PNG_PIXELS`] pixels).
fn rasterise(svg: &str) -> Result<tiny_skia::Pixmap, PngError> {
    let opt = usvg::Options {
        fontdb: fonts(),
        ..usvg::Options::default()
    };
    let tree = usvg::Tree::from_str(svg, &opt).map_err(|e| PngError(e.to_string()))?;
    let size = tree.size().to_int_size();
    let (w, h) = (size.width(), size.height());
    let too_large = || {
        PngError(format!(
            "{w}×{h} pixels is too large (at most {MAX_PNG_PIXELS} pixels; SVG has no limit)"
        ))
    };
    if u64::from(w) * u64::from(h) > MAX_PNG_PIXELS {
        return Err(too_large());
    }
    let mut pixmap = tiny_skia::Pixmap::new(w, h).ok_or_else(too_large)?;
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    Ok(pixmap)
}

/// The system's fonts, with the first of the usual sans-serif families it
/// has (else its first family) as `sans-serif`: loaded on the first call,
/// shared afterwards (reading every font file takes a while, and a program
/// drawing a picture per move draws many).
fn fonts() -> Arc<usvg::fontdb::Database> {
    static FONTS: OnceLock<Arc<usvg::fontdb::Database>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            let mut db = usvg::fontdb::Database::new();
            db.load_system_fonts();
            let families: Vec<String> = db
                .faces()
                .flat_map(|f| f.families.iter().map(|(n, _)| n.clone()))
                .collect();
            let preferred = [
                "DejaVu Sans",
                "Liberation Sans",
                "Noto Sans",
                "Arial",
                "FreeSans",
            ];
            if let Some(name) = preferred
                .iter()
                .find(|p| families.iter().any(|f| f == *p))
                .map(|s| s.to_string())
                .or_else(|| families.first().cloned())
            {
                db.set_sans_serif_family(name);
            }
            Arc::new(db)
        })
        .clone()
}

#[cfg(test)]
mod tests {
    use super::*;

    const SMALL: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" width="4" height="2">
        <rect width="2" height="2" fill="#ff0000"/>
        <rect x="2" width="2" height="2" fill="#0000ff" fill-opacity="0.5"/></svg>"##;

    #[test]
    fn pixels_are_rgba_row_by_row_with_straight_alpha() {
        let p = to_rgba(SMALL).unwrap();
        assert_eq!((p.width, p.height, p.data.len()), (4, 2, 4 * 2 * 4));
        for row in p.data.chunks(4 * 4) {
            assert_eq!(&row[..4], &[255, 0, 0, 255]);
            let blue = &row[12..];
            assert_eq!((blue[0], blue[1], blue[2]), (0, 0, 255));
            assert!((127..=128).contains(&blue[3]), "{blue:?}");
        }
    }

    #[test]
    fn png_and_pixels_are_one_picture() {
        let png = to_png(SMALL).unwrap();
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
        let decoded = tiny_skia::Pixmap::decode_png(&png).unwrap();
        let p = to_rgba(SMALL).unwrap();
        assert_eq!((decoded.width(), decoded.height()), (p.width, p.height));
        assert_eq!(decoded.take_demultiplied(), p.data);
        let big = r#"<svg xmlns="http://www.w3.org/2000/svg" width="20000" height="20000"></svg>"#;
        let e = to_rgba(big).unwrap_err().to_string();
        assert!(e.contains("20000×20000 pixels is too large"), "{e}");
    }
}

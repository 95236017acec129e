//! What the Markdown and HTML writers mark in each block's text: its inline spans, read
//! from the tree ([`TreeLayout`]), when images are asked for the images inside it, and,
//! when links are asked for, its links (and its images' links) with their `href`s
//! resolved against the page's base ([`MarkdownOptions::base`]). Both writers take
//! them from here, so a link leads to the same place in either format.

use pith_core::{Block, Extraction};

use crate::inline::{InlineSpan, LinkSpan};
use crate::layout::{InlineImage, TreeLayout};
use crate::markdown::MarkdownOptions;
use crate::table::Cell;

/// The marks of a page's blocks: their inline spans (from the tree's layout) and, when
/// links are asked for, their links, `href`s resolved.
pub(crate) struct Marks<'a> {
    layout: Option<&'a TreeLayout>,
    links: Vec<Vec<LinkSpan>>,
    images: bool,
    /// Each block's images inside its text (none unless images are asked for), their
    /// links resolved, or none unless links are asked for.
    inline_images: Vec<Vec<InlineImage>>,
}

impl<'a> Marks<'a> {
    /// The marks of `ex`'s blocks that `layout` and `options` give.
    pub(crate) fn new(
        ex: &Extraction,
        layout: Option<&'a TreeLayout>,
        options: &MarkdownOptions,
    ) -> Self {
        let base = match options.links {
            true => options.base(ex),
            false => None,
        };
        let resolved = |href: &str| match &base {
            Some(base) => crate::url::resolve(base, href),
            None => href.to_owned(),
        };
        let inline_images = match layout {
            Some(layout) if options.images => (layout.inline_images.iter())
                .map(|images| {
                    (images.iter())
                        .map(|image| InlineImage {
                            link: (image.link.as_deref())
                                .filter(|_| options.links)
                                .map(resolved),
                            ..image.clone()
                        })
                        .collect()
                })
                .collect(),
            _ => Vec::new(),
        };
        let links = match layout {
            Some(layout) if options.links => (layout.links.iter())
                .map(|links| {
                    (links.iter())
                        .map(|l| LinkSpan {
                            href: resolved(&l.href),
                            ..l.clone()
                        })
                        .collect()
                })
                .collect(),
            _ => Vec::new(),
        };
        Marks {
            layout,
            links,
            images: options.images,
            inline_images,
        }
    }

    /// The images inside block `i`'s text (none unless images are asked for).
    pub(crate) fn inline_images(&self, i: usize) -> &[InlineImage] {
        self.inline_images.get(i).map_or(&[], Vec::as_slice)
    }

    /// The source of `block` when it is an image to write as one (images asked for,
    /// and it is an image block with a source); `None` for a block written as text.
    pub(crate) fn image_src<'b>(&self, block: &'b Block) -> Option<&'b str> {
        (self.images && block.is_image)
            .then_some(block.image_src.as_deref())
            .flatten()
    }

    /// The inline spans of block `i`.
    pub(crate) fn spans(&self, i: usize) -> &'a [InlineSpan] {
        self.layout.map_or(&[][..], |l| l.spans(i))
    }

    /// The links of block `i` (none unless asked for).
    pub(crate) fn links(&self, i: usize) -> &[LinkSpan] {
        self.links.get(i).map_or(&[], Vec::as_slice)
    }

    /// The spans of a cell's blocks, moved to where each block's text is in the cell's.
    pub(crate) fn cell_spans(&self, cell: &Cell) -> Vec<InlineSpan> {
        (cell.blocks.iter())
            .flat_map(|&(i, at)| self.spans(i).iter().map(move |s| s.shifted(at)))
            .collect()
    }

    /// The links of a cell's blocks, moved as [`Marks::cell_spans`] moves the spans.
    pub(crate) fn cell_links(&self, cell: &Cell) -> Vec<LinkSpan> {
        (cell.blocks.iter())
            .flat_map(|&(i, at)| self.links(i).iter().map(move |l| l.shifted(at)))
            .collect()
    }
}

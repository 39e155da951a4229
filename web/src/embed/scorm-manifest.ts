// imsmanifest.xml of the SCORM packages, one SCO each, in SCORM 1.2 or 2004 4th edition. DOM-free:
// the page's Download button (browser/offline-download.ts), the CLI (scripts/cli/) and
// `npm run build:scorm` (scripts/offline/scorm-package.mjs) all write their manifests here.
import type { ScormVersion } from './scorm-data.js';
import { escapeMarkup } from '../model/escape-markup.js';

/** The SCO's file inside the zip: the manifest's launch href, with no query (the state is baked in). */
export const SCO_FILE = 'attention-lab.html';

export interface ManifestOptions {
  /** The walkthrough's id (identifiers of the manifest, organization, item and resource). */
  walkthrough: string;
  /** The package's title, as the LMS lists it. */
  title: string;
  /** Percent of the exercises right that passes; left out for a walkthrough without exercises. */
  mastery?: number;
}

/**
 * The manifest's one organization, item and SCO resource, the same in both versions but for what
 * the item carries (the pass mark) and the spelling of adlcp's scormtype attribute.
 * @param id the walkthrough's id, escaped
 */
function organization(id: string, title: string, inItem: string, scormType: 'scormtype' | 'scormType'): string {
  return `  <organizations default="org-${id}">
    <organization identifier="org-${id}">
      <title>${escapeMarkup(title)}</title>
      <item identifier="item-${id}" identifierref="sco-${id}" isvisible="true">
        <title>${escapeMarkup(title)}</title>${inItem}
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="sco-${id}" type="webcontent" adlcp:${scormType}="sco" href="${SCO_FILE}">
      <file href="${SCO_FILE}"/>
    </resource>
  </resources>
</manifest>
`;
}

/**
 * SCORM 1.2: the content packaging namespaces IMS CP 1.1.2 and ADL's adlcp 1.2, each with its
 * schema file named in xsi:schemaLocation (the zip carries them). The mastery score is
 * adlcp:masteryscore.
 */
function scorm12Manifest({ walkthrough, title, mastery }: ManifestOptions): string {
  const id = escapeMarkup(walkthrough);
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="attention-lab-${id}" version="1.0"
          xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
          xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
          xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
          xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd
                              http://www.imsglobal.org/xsd/imsmd_rootv1p2p1 imsmd_rootv1p2p1.xsd
                              http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
  </metadata>
${organization(id, title, mastery === undefined ? '' : `
        <adlcp:masteryscore>${mastery}</adlcp:masteryscore>`, 'scormtype')}`;
}

/**
 * SCORM 2004 4th edition: IMS CP 1.1.4, ADL CP/sequencing/navigation 1.3 and IMS Simple
 * Sequencing, each namespace with its schema file. The mastery score is the primary objective's
 * minimum normalised measure, which the LMS hands the SCO as cmi.scaled_passing_score.
 */
function scorm2004Manifest({ walkthrough, title, mastery }: ManifestOptions): string {
  const id = escapeMarkup(walkthrough);
  const sequencing = mastery === undefined ? '' : `
        <imsss:sequencing>
          <imsss:objectives>
            <imsss:primaryObjective objectiveID="exercises-${id}" satisfiedByMeasure="true">
              <imsss:minNormalizedMeasure>${mastery / 100}</imsss:minNormalizedMeasure>
            </imsss:primaryObjective>
          </imsss:objectives>
        </imsss:sequencing>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="attention-lab-${id}" version="1"
          xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
          xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"
          xmlns:adlseq="http://www.adlnet.org/xsd/adlseq_v1p3"
          xmlns:adlnav="http://www.adlnet.org/xsd/adlnav_v1p3"
          xmlns:imsss="http://www.imsglobal.org/xsd/imsss"
          xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
          xsi:schemaLocation="http://www.imsglobal.org/xsd/imscp_v1p1 imscp_v1p1.xsd
                              http://www.adlnet.org/xsd/adlcp_v1p3 adlcp_v1p3.xsd
                              http://www.adlnet.org/xsd/adlseq_v1p3 adlseq_v1p3.xsd
                              http://www.adlnet.org/xsd/adlnav_v1p3 adlnav_v1p3.xsd
                              http://www.imsglobal.org/xsd/imsss imsss_v1p0.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>2004 4th Edition</schemaversion>
  </metadata>
${organization(id, title, sequencing, 'scormType')}`;
}

/** The manifest of a package in `version`. */
export function scormManifest(version: ScormVersion, options: ManifestOptions): string {
  return (version === '1.2' ? scorm12Manifest : scorm2004Manifest)(options);
}
